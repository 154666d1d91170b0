/** COPY cannot take its target as a parameter; our own generated paths are quoted instead. */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
