/**
 * A phone number in international digits (business config) as people read it: UAE numbers
 * as +971 58 800 0800, others as + and their digits. Shown left to right in both languages.
 */
export function formatPhoneForReading(digits: string): string {
  const uae = /^971(\d{2})(\d{3})(\d{4})$/.exec(digits);
  if (uae) return `+971 ${uae[1]} ${uae[2]} ${uae[3]}`;
  return `+${digits}`;
}

export const telHref = (digits: string): string => `tel:+${digits}`;
