import { msisdnGroups } from '@join/shared';

/**
 * A phone number grouped for reading, `058 582 4920` (DESIGN.md "Numbers"), kept left to right
 * and in order inside Arabic (an isolated left-to-right run). The groups are separate elements
 * spaced by CSS (`.phone-number__group`), not by space characters: the text content, what a
 * copy puts on the clipboard and what tests read, stays the ten digits `0585824920`.
 *
 * (Named PhoneNumberText: `PhoneNumber` is the kernel's schema of a held number.)
 */
export function PhoneNumberText({ msisdn, className }: { msisdn: string; className?: string | undefined }) {
  const groups = msisdnGroups(msisdn);
  return (
    <bdi dir="ltr" className={['phone-number', className].filter(Boolean).join(' ')}>
      {groups.map((g, i) => (
        <span key={i} className="phone-number__group">
          {g}
        </span>
      ))}
    </bdi>
  );
}
