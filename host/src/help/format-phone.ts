/** The support phone's link; the text is the kernel's formatPhoneForReading. */
export const telHref = (digits: string): string => `tel:+${digits}`;
