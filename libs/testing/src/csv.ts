/**
 * Reads CSV as RFC 4180 writes it: cells separated by `sep`, records by CRLF (or LF), a
 * quoted cell may hold separators, quotes (doubled) and line breaks. A leading byte-order
 * mark is dropped. What a spreadsheet does with the accountant's export, for the specs.
 *
 * @param text - The whole file.
 * @param sep - The separator the reader splits on (`,`; some spreadsheets use `;`).
 * @returns One array of cells per record; a trailing line break adds no empty record.
 */
export function parseCsv(text: string, sep = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (source[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      record.push(cell);
      cell = '';
    } else if (c === '\n' || (c === '\r' && source[i + 1] === '\n')) {
      if (c === '\r') i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || record.length) records.push([...record, cell]);
  return records;
}
