/**
 * RFC 4180 rows: commas, double-quoted fields with "" for a quote, quoted line breaks, CRLF or LF.
 * Only small curated tables go through here (csv-parse is a development dependency of the project).
 * Each row keeps the 1-based line it starts on, for error messages.
 */
export interface CsvRow {
  line: number;
  fields: string[];
}

export function csvRows(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  for (; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      endRow();
      line++;
      rowLine = line;
    } else field += char;
  }
  if (quoted) throw new SyntaxError(`CSV: unterminated quoted field starting on line ${rowLine}`);
  if (field !== '' || fields.length > 0) endRow();
  return rows;
}
