import { FeedError, feedRows, type FeedRow } from './parse-feed';

/** A feed's bytes as the upload's pieces arrive, split wherever the test says. */
async function* pieces(...parts: Array<string | Buffer>): AsyncGenerator<Buffer> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
}
async function all(rows: AsyncIterable<FeedRow>): Promise<FeedRow[]> {
  const out: FeedRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('CSV and TSV feeds', () => {
  it('reads quoted commas, quotes and line breaks within a column, numbering rows from 1 after the header', async () => {
    const rows = await all(
      feedRows(pieces('vehicle_id,description\nA-1,"Tow bar, ""roof"" racks\nand more"\nA-2,plain\n'), 'csv'),
    );
    expect(rows).toEqual([
      { row: 1, record: { vehicle_id: 'A-1', description: 'Tow bar, "roof" racks\nand more' } },
      { row: 2, record: { vehicle_id: 'A-2', description: 'plain' } },
    ]);
  });

  it('reads a character split across two pieces of the upload, and drops a byte-order mark', async () => {
    const bytes = Buffer.from('\uFEFFvehicle_id,make\nA-1,Citroën\n');
    const at = bytes.indexOf(Buffer.from('ë')) + 1;
    const rows = await all(feedRows(pieces(bytes.subarray(0, at), bytes.subarray(at)), 'csv'));
    expect(rows.map((row) => row.record)).toEqual([{ vehicle_id: 'A-1', make: 'Citroën' }]);
  });

  it('reads tab-separated columns', async () => {
    expect((await all(feedRows(pieces('vehicle_id\tmake\nA-1\tKia\n'), 'tsv'))).map((row) => row.record)).toEqual([
      { vehicle_id: 'A-1', make: 'Kia' },
    ]);
  });

  it('refuses bytes that are not UTF-8 as a feed error', async () => {
    await expect(all(feedRows(pieces(Buffer.from('vehicle_id,make\nA-1,Citroën\n', 'latin1')), 'csv'))).rejects.toThrow(
      FeedError,
    );
  });

  it('refuses a row of more than a million characters (a quote left open) as a feed error', async () => {
    await expect(
      all(feedRows(pieces('vehicle_id,make\nA-1,"Kia', 'x'.repeat(1_100_000), '"\n'), 'csv')),
    ).rejects.toThrow(FeedError);
  });

  it('refuses a row with more columns than the header as a feed error', async () => {
    await expect(all(feedRows(pieces('vehicle_id,make\nA-1,Kia,extra\n'), 'csv'))).rejects.toThrow(FeedError);
  });

  it('gives out its first row having read only a few pieces of a long feed', async () => {
    let sent = 0;
    async function* long(): AsyncGenerator<Buffer> {
      yield Buffer.from('vehicle_id,description\n');
      // Rows of 8 KB: what the parser buffers is bounded in bytes, not in pieces.
      for (; sent < 100; sent++) yield Buffer.from(`A-${sent},${'x'.repeat(8192)}\n`);
    }
    const iterator = feedRows(long(), 'csv');
    expect((await iterator.next()).value).toMatchObject({ row: 1, record: { vehicle_id: 'A-0' } });
    // The parser's own buffers: 16 rows read ahead and a piece, whatever the feed's length.
    expect(sent).toBeLessThan(25);
    await iterator.return(undefined);
  });
});

describe('XML feeds', () => {
  it('reads each listing as a row, nested elements as dotted columns and images numbered', async () => {
    const xml =
      '<listings><title>Ignored</title><listing><vehicle_id>A-1</vehicle_id><mileage><value>10</value><unit>KM</unit></mileage><image><url>https://x.test/1.jpg</url></image><image><url>https://x.test/2.jpg</url></image></listing></listings>';
    const rows = await all(feedRows(pieces(xml.slice(0, 50), xml.slice(50)), 'xml'));
    expect(rows).toEqual([
      {
        row: 1,
        record: {
          vehicle_id: 'A-1',
          'mileage.value': '10',
          'mileage.unit': 'KM',
          'image[0].url': 'https://x.test/1.jpg',
          'image[1].url': 'https://x.test/2.jpg',
        },
      },
    ]);
  });

  it('reads escaped text and CDATA as the text they stand for', async () => {
    const rows = await all(
      feedRows(
        pieces(
          '<listings><listing><vehicle_id>A-1</vehicle_id><description>Tow &amp; go <![CDATA[<b>bold</b>]]></description></listing></listings>',
        ),
        'xml',
      ),
    );
    expect(rows[0]?.record.description).toBe('Tow & go <b>bold</b>');
  });

  it('refuses malformed XML as a feed error', async () => {
    await expect(
      all(feedRows(pieces('<listings><listing><vehicle_id>A-1</listing></listings>'), 'xml')),
    ).rejects.toThrow(/not well-formed XML/);
  });

  it('refuses any DTD, so an external entity is never fetched', async () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE listings [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><listings><listing><vehicle_id>&xxe;</vehicle_id></listing></listings>';
    await expect(all(feedRows(pieces(xxe), 'xml'))).rejects.toThrow(/DTD/);
  });
});
