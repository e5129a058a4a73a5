import { priceDisplay } from '@forecourt/shared-config/price';
import type { Car } from '@forecourt/data/stock-model';

export interface BrochureSite {
  name: string;
  phone: string;
  url: string;
}

/**
 * The printable brochure of a car as a one-page A4 PDF (spec: 'Fetch of a PDF by car slug, saved
 * as {slug}.pdf'): the site, the car's name and price, its main photo (a JPEG from the media
 * service), key facts, the dealer's comments and how to reach the dealer.
 */
export async function carBrochurePdf(
  car: Car,
  site: BrochureSite,
  photo: Buffer | null,
  pricing: { subscriptionDealer: boolean; noPriceText: string },
): Promise<Buffer> {
  // Loaded on the first brochure, not at server start: pdfkit and its font engine take ~150 ms to load.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: car.name, Author: site.name, Subject: `${car.name} at ${site.name}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  const price = priceDisplay(car, pricing);
  doc.fontSize(10).fillColor('#475467').text(site.name.toUpperCase(), { characterSpacing: 1 });
  doc.moveDown(0.3).fontSize(22).fillColor('#101828').text(car.name);
  doc
    .moveDown(0.2)
    .fontSize(18)
    .text([price.text, price.suffix ?? price.priceType].filter(Boolean).join(' '));
  if (price.was) doc.fontSize(11).fillColor('#475467').text(`Was ${price.was}`);
  doc.moveDown(0.6);
  if (photo) {
    doc.image(photo, { fit: [499, 300], align: 'center' });
    doc.moveDown(0.6);
  }
  const facts: Array<[string, string | null]> = [
    ['Condition', car.car_type === 'new' ? 'New' : car.car_type === 'demo' ? 'Demo' : 'Used'],
    ['Kilometres', `${car.km.toLocaleString('en-AU')} km`],
    ['Transmission', car.simple_transmission],
    ['Fuel', car.simple_fuel],
    ['Body', car.simple_body],
    ['Colour', car.colour],
    ['Drive', car.drive],
    ['Seats', String(car.seats)],
    ['Stock number', car.stocknum],
    ['VIN', car.vin],
    ['Location', `${car.dealership_name}, ${car.city} ${car.state}`],
  ];
  doc.fontSize(11).fillColor('#101828');
  for (const [label, value] of facts) {
    if (!value) continue;
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
  const comments = car.dealercomments
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean);
  if (comments.length) {
    doc.moveDown(0.6).font('Helvetica-Bold').text('Dealer comments').font('Helvetica').fontSize(10);
    for (const paragraph of comments) doc.text(paragraph, { paragraphGap: 4 });
  }
  doc.moveDown(0.8).fontSize(10).fillColor('#475467').text(`Call ${site.name} on ${site.phone} or see ${site.url}`);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
