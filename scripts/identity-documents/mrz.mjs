// The machine readable zones of ICAO 9303: TD3 (passports, two lines of 44) and TD1 (ID cards,
// three lines of 30), from a registry case's document.
const WEIGHTS = [7, 3, 1];
function charValue(c) {
  if (c === '<') return 0;
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  return c.charCodeAt(0) - 55;
}
export function checkDigit(s) {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += charValue(s[i]) * WEIGHTS[i % 3];
  return String(sum % 10);
}
const pad = (s, n) => (s + '<'.repeat(n)).slice(0, n);
const mrzText = (s) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '<');
const yymmdd = (iso) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const nameField = (doc, n) => pad(`${mrzText(doc.surname)}<<${mrzText(doc.given_names)}`, n);

export function td3(doc, { code = 'P<', breakCheck = false } = {}) {
  const line1 = pad(`${code}${doc.issuing_country}${nameField(doc, 39)}`, 44);
  const number = pad(doc.number, 9);
  const numberCheck = checkDigit(number);
  const personal = pad('', 14);
  const birth = yymmdd(doc.birth_date);
  const expiry = yymmdd(doc.expiry_date);
  const composite = checkDigit(number + numberCheck + birth + checkDigit(birth) + expiry + checkDigit(expiry) + personal + checkDigit(personal));
  // A broken birth date check digit (a date has no look-alike letters for a reader to try instead).
  const birthCheck = breakCheck ? String((Number(checkDigit(birth)) + 3) % 10) : checkDigit(birth);
  const line2 = `${number}${numberCheck}${doc.nationality}${birth}${birthCheck}${doc.sex}${expiry}${checkDigit(expiry)}${personal}${checkDigit(personal)}${composite}`;
  return [line1, line2];
}

export function td1(doc) {
  const number = pad(doc.number, 9);
  const optional1 = pad(doc.id_number, 15);
  const line1 = `ID${doc.issuing_country}${number}${checkDigit(number)}${optional1}`;
  const birth = yymmdd(doc.birth_date);
  const expiry = yymmdd(doc.expiry_date);
  const optional2 = pad('', 11);
  const composite = checkDigit(line1.slice(5, 30) + birth + checkDigit(birth) + expiry + checkDigit(expiry) + optional2);
  const line2 = `${birth}${checkDigit(birth)}${doc.sex}${expiry}${checkDigit(expiry)}${doc.nationality}${optional2}${composite}`;
  return [line1, line2, nameField(doc, 30)];
}
