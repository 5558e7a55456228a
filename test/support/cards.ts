/** Card numbers for tests that need many distinct cards: Luhn-valid Visa numbers, none of them a sandbox test card. */
export function testCard(n: number): string {
  const body = `4000${String(n).padStart(11, '0')}`;
  return body + luhnDigit(body);
}

function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    if (d > 9) d -= 9;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}
