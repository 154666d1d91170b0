/**
 * ABS LGA 2023 codes that differ from LGA 2022, mapped back to the 2022 code that declarations use.
 * Comparing the two code lists leaves one change: Moreland (25250) was renamed Merri-bek (24700).
 */
export const LGA_2023_TO_2022_CODES: Readonly<Record<string, string>> = { '24700': '25250' };
