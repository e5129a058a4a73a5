import { readFinanceQuery } from './finance-query';

const read = (search: string) => readFinanceQuery(new URLSearchParams(search), 2026);

describe('the finance page query (spec: every parameter by name)', () => {
  it('reads every parameter the spec names', () => {
    expect(
      read(
        'car_id=abc&vin=JTD123&nvic=HIL2241&year=2021&preferredDealership=summit-kia-springwood&car_type=used&vehiclePriceBudget=32990&loanTerm=4&selfAssessedCreditScore=DECENT&whoIsHelping=Me%20and%20my%20partner',
      ),
    ).toEqual({
      carId: 'abc',
      vin: 'JTD123',
      nvic: 'HIL2241',
      year: 2021,
      preferredDealership: 'summit-kia-springwood',
      carType: 'used',
      price: 32990,
      loanTerm: 4,
      creditScore: 'DECENT',
      whoIsHelping: 'Me and my partner',
    });
  });

  it('takes price when vehiclePriceBudget is absent, and vehiclePriceBudget first when both are there', () => {
    expect(read('price=15000').price).toBe(15000);
    expect(read('price=15000&vehiclePriceBudget=20000').price).toBe(20000);
  });

  it('takes credit_score when selfAssessedCreditScore is absent, in any case', () => {
    expect(read('credit_score=poor').creditScore).toBe('POOR');
  });

  it('drops values that make no sense rather than failing', () => {
    const query = read('year=1850&loanTerm=9&price=-5&credit_score=AMAZING&car_type=boat&whoIsHelping=my%20dog');
    expect([query.year, query.loanTerm, query.price, query.creditScore, query.carType, query.whoIsHelping]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads a price written with a dollar sign and thousands separators', () => {
    expect(read('vehiclePriceBudget=%2432%2C990').price).toBe(32990);
  });

  it('has no car when car_id is blank', () => {
    expect(read('car_id=%20').carId).toBeNull();
  });
});
