import { detectDelimiter, readCsv, stageCsv } from '../../src/domain/csv-import/read-csv';
import { splitStepsText, stepsFromColumns } from '../../src/domain/csv-import/split-steps';
import { stepsText } from '../../src/domain/test-cases/steps-text';

// How the import reads steps out of cells, the delimiter out of the header line, and UTF-8 bytes in any chunks.

describe('numbered steps', () => {
  it('splits a text that starts with 1. into steps, lines continuing a step kept with it', () => {
    expect(splitStepsText('1. Open\n   the cart\n2) Pay\n3. Check')).toEqual([
      { action: 'Open\n   the cart' },
      { action: 'Pay' },
      { action: 'Check' },
    ]);
  });

  it('leaves a text that does not start with 1. as text, and a number out of order inside the step', () => {
    expect(splitStepsText('Open the cart\n1. then pay')).toBeUndefined();
    expect(splitStepsText('1. Wait until\n2024. is over\n2. Go')).toEqual([{ action: 'Wait until\n2024. is over' }, { action: 'Go' }]);
  });

  it("reads Casebook's export of a list of steps back into the same steps", () => {
    const steps = [{ action: 'Open', data: 'user a', expected: 'It opens' }, { action: 'Close' }, { action: 'Log\nout', expected: 'Gone' }];
    expect(splitStepsText(stepsText(steps))).toEqual(steps);
  });

  it('matches step columns by number; a data cell may name only some steps; an expected result without an action is missing', () => {
    expect(stepsFromColumns('1. A\n2. B', '1. a\n2. b', '2. data')).toEqual({
      steps: [
        { action: 'A', expected: 'a' },
        { action: 'B', expected: 'b', data: 'data' },
      ],
      missing: [],
    });
    expect(stepsFromColumns('Just one', 'It works', '')).toEqual({ steps: [{ action: 'Just one', expected: 'It works' }], missing: [] });
    expect(stepsFromColumns('1. A', '1. a\n2. b', '')).toEqual({ steps: [{ action: 'A', expected: 'a' }], missing: [2] });
  });
});

describe('the delimiter', () => {
  it('is ; when the header line holds more of them outside quotes, else ,', () => {
    expect(detectDelimiter('a;b;c')).toBe(';');
    expect(detectDelimiter('a,b;c,d')).toBe(',');
    expect(detectDelimiter('"a;b;c",d')).toBe(',');
    expect(detectDelimiter('title')).toBe(',');
  });
});

describe('the bytes', () => {
  async function* oneChunk(bytes: Buffer) {
    yield bytes;
  }
  async function* oneByteAtATime(bytes: Buffer) {
    for (let i = 0; i < bytes.length; i++) yield bytes.subarray(i, i + 1);
  }

  it('reads UTF-8 cut anywhere by chunks, a BOM dropped; staged smaller than the text it holds', async () => {
    const file = await readCsv(await stageCsv(oneByteAtATime(Buffer.from('\uFEFFtitle;note\n\nCafé 😀;Ünïcode\n'))));
    expect(file).toMatchObject({ headers: ['title', 'note'], delimiter: ';' });
    const rows = [];
    for await (const row of file.rows) rows.push(row);
    expect(rows).toEqual([{ cells: ['Café 😀', 'Ünïcode'], row: 3 }]);
    const text = Buffer.from(Array.from({ length: 2000 }, (_, i) => `Case ${i},Checkout > Payment,High\n`).join(''));
    expect((await stageCsv(oneChunk(text))).gzip.length).toBeLessThan(text.length / 4);
  });

  it('is csv_malformed for bytes that are not UTF-8, or a sequence the file cuts short', async () => {
    await expect(stageCsv(oneByteAtATime(Buffer.from('title\nCaf\xe9 au lait\n', 'latin1')))).rejects.toMatchObject({
      code: 'csv_malformed',
      message: expect.stringContaining('not UTF-8'),
    });
    const cut = Buffer.from('title\nCafé', 'utf8').subarray(0, -1);
    await expect(stageCsv(oneByteAtATime(cut))).rejects.toMatchObject({ code: 'csv_malformed' });
  });
});
