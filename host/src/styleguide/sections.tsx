import { useState, type ReactNode } from 'react';
import { CalendarDays, Phone, Send, ShieldCheck, Smartphone, Sparkles, Store, Truck, Wifi } from 'lucide';
import { EMPTY_FLOW_FLAGS } from '@join/shared';
import { Alert, Badge, Button, Card, Checkbox, describedBy, FieldFrame, Icon, Modal, PhoneNumberText, Price, RadioCards, Select, Sheet, Skeleton, SkeletonGroup } from '@join/shared/ui';
import { ProgressStepper } from '../shell/progress-stepper';
import { STYLE_GUIDE_TEXT as TEXT } from './demo-texts';

export type Lang = 'en' | 'ar';

/** One section of the style guide: rendered once per direction (an English LTR pane, an Arabic RTL pane). */
export interface StyleGuideSection {
  /** The anchor and the `data-section` the e2e spec looks for. */
  id: string;
  name: string;
  note?: string;
  render: (lang: Lang) => ReactNode;
}

const COLOURS = [
  'brand', 'brand-strong', 'brand-soft', 'accent', 'accent-soft', 'text', 'muted', 'surface', 'border', 'border-strong',
  'error', 'error-soft', 'success', 'success-soft', 'warning', 'warning-soft', 'info', 'info-soft', 'focus',
] as const;
const TYPE = ['xs', 'sm', 'md', 'lg', 'xl', '2xl'] as const;
const SPACES = [1, 2, 3, 4, 5, 6, 8, 10, 12] as const;

function Tokens() {
  return (
    <div className="sg__stack">
      <ul className="sg__swatches" aria-label="Colour">
        {COLOURS.map((c) => (
          <li key={c}>
            <span className="sg__swatch" style={{ background: `var(--c-${c})` }} />
            <code dir="ltr">--c-{c}</code>
          </li>
        ))}
      </ul>
      <ul className="sg__list" aria-label="Type scale">
        {TYPE.map((s) => (
          <li key={s} style={{ fontSize: `var(--text-${s})` }}>
            <code dir="ltr">--text-{s}</code> Tourist SIM · شريحة السائح
          </li>
        ))}
      </ul>
      <ul className="sg__list" aria-label="Spacing">
        {SPACES.map((s) => (
          <li key={s} className="sg__space">
            <span className="sg__space-bar" style={{ inlineSize: `var(--s-${s})` }} />
            <code dir="ltr">--s-{s}</code>
          </li>
        ))}
      </ul>
      <div className="sg__row">
        {(['radius-sm', 'radius', 'radius-lg'] as const).map((r) => (
          <span key={r} className="sg__radius" style={{ borderRadius: `var(--${r})` }}>
            <code dir="ltr">--{r}</code>
          </span>
        ))}
        {(['shadow-1', 'shadow-2'] as const).map((s) => (
          <span key={s} className="sg__radius" style={{ boxShadow: `var(--${s})` }}>
            <code dir="ltr">--{s}</code>
          </span>
        ))}
      </div>
    </div>
  );
}

function Fields({ lang }: { lang: Lang }) {
  const t = TEXT[lang];
  const [email, setEmail] = useState('');
  const id = `sg-email-${lang}`;
  const badId = `sg-email-bad-${lang}`;
  const ppId = `sg-passport-${lang}`;
  return (
    <div className="sg__stack">
      <FieldFrame id={id} label={t.email} hint={t.emailHint}>
        <input id={id} type="email" dir="ltr" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} aria-describedby={describedBy(id, t.emailHint, null)} />
      </FieldFrame>
      <FieldFrame id={badId} label={t.email} hint={t.emailHint} error={t.emailError}>
        <input id={badId} type="email" dir="ltr" autoComplete="off" defaultValue="amal@" aria-invalid aria-describedby={describedBy(badId, t.emailHint, t.emailError)} />
      </FieldFrame>
      <FieldFrame id={ppId} label={t.passport}>
        <input id={ppId} defaultValue="P1234567" disabled />
      </FieldFrame>
    </div>
  );
}

function Selects({ lang }: { lang: Lang }) {
  const t = TEXT[lang];
  const options = (
    <>
      <option value="">{t.choose}</option>
      <option value="du">{t.du}</option>
      <option value="etisalat">{t.etisalat}</option>
      <option value="virgin">{t.virgin}</option>
    </>
  );
  return (
    <div className="sg__stack">
      <Select label={t.operator} hint={t.operatorHint} defaultValue="du">
        {options}
      </Select>
      <Select label={t.operator} hint={t.operatorHint} error={t.operatorError} defaultValue="">
        {options}
      </Select>
    </div>
  );
}

function Radios({ lang }: { lang: Lang }) {
  const t = TEXT[lang];
  const [value, setValue] = useState<'sim' | 'esim' | 'pickup' | null>('sim');
  const [empty, setEmpty] = useState<'sim' | 'esim' | 'pickup' | null>(null);
  const options = [
    { value: 'sim', label: t.delivered, description: t.deliveredNote, icon: Truck },
    { value: 'esim', label: t.esim, description: t.esimNote, icon: Smartphone },
    { value: 'pickup', label: t.pickup, description: t.pickupNote, icon: Store, disabled: true },
  ] as const;
  return (
    <div className="sg__stack">
      <RadioCards name={`sg-delivery-${lang}`} legend={t.deliveryLegend} hint={t.deliveryHint} options={options} value={value} onChange={setValue} />
      <RadioCards name={`sg-delivery-err-${lang}`} legend={t.deliveryLegend} error={t.deliveryError} options={options} value={empty} onChange={setEmpty} />
    </div>
  );
}

function Checkboxes({ lang }: { lang: Lang }) {
  const t = TEXT[lang];
  const [terms, setTerms] = useState(true);
  const [marketing, setMarketing] = useState(false);
  const [bad, setBad] = useState(false);
  return (
    <div className="sg__stack">
      <Checkbox checked={terms} onChange={setTerms} hint={t.termsHint}>
        {t.terms}
      </Checkbox>
      <Checkbox checked={marketing} onChange={setMarketing}>
        {t.marketing}
      </Checkbox>
      <Checkbox checked={bad} onChange={setBad} error={t.termsError}>
        {t.terms}
      </Checkbox>
      <Checkbox checked={false} onChange={() => {}} disabled>
        {t.disabled}
      </Checkbox>
    </div>
  );
}

function Buttons({ lang }: { lang: Lang }) {
  const t = TEXT[lang];
  return (
    <div className="sg__row">
      <Button>{t.continue}</Button>
      <Button variant="secondary">{t.back}</Button>
      <Button variant="link">{t.edit}</Button>
      <Button icon={Send}>{t.send}</Button>
      <Button busy>{t.pay}</Button>
      <Button variant="secondary" busy>
        {t.send}
      </Button>
      <Button disabled>{t.disabled}</Button>
    </div>
  );
}

function Cards({ lang }: { lang: Lang }) {
  const t = TEXT[lang];
  return (
    <div className="sg__grid">
      <Card as="article" aria-labelledby={`sg-card-${lang}`}>
        <h4 id={`sg-card-${lang}`} className="sg__plan">
          <Icon icon={Wifi} /> {t.planTitle}
        </h4>
        <p>
          <Icon icon={Phone} /> {t.planMinutes}
        </p>
        <Badge icon={CalendarDays}>{t.planValidity}</Badge>
        <p className="muted">{t.cardText}</p>
        <Button variant="secondary">{t.choosePlan}</Button>
      </Card>
      <Card as="article" raised tone="accent" aria-labelledby={`sg-card2-${lang}`}>
        <p>
          <Badge tone="accent" icon={Sparkles}>
            {t.recommended}
          </Badge>
        </p>
        <h4 id={`sg-card2-${lang}`} className="sg__plan">
          <Icon icon={Wifi} /> {t.planTitle}
        </h4>
        <p>{t.planMinutes}</p>
        <Button>{t.selected}</Button>
      </Card>
    </div>
  );
}

function Badges({ lang }: { lang: Lang }) {
  const t = TEXT[lang];
  return (
    <div className="sg__row">
      <Badge>{t.neutral}</Badge>
      <Badge tone="accent">{t.accent}</Badge>
      <Badge tone="success" icon={ShieldCheck}>
        {t.success}
      </Badge>
      <Badge tone="warning">{t.warning}</Badge>
    </div>
  );
}

function Alerts({ lang }: { lang: Lang }) {
  const t = TEXT[lang];
  return (
    <div className="sg__stack">
      <Alert tone="info" title={t.infoTitle} live={false}>
        {t.infoText}
      </Alert>
      <Alert tone="success" title={t.successTitle} live={false} />
      <Alert tone="warning" title={t.warningTitle} live={false}>
        {t.warningText}
      </Alert>
      <Alert tone="error" title={t.errorTitle} live={false} actions={<Button>{t.retry}</Button>}>
        {t.errorText}
      </Alert>
    </div>
  );
}

function Skeletons({ lang }: { lang: Lang }) {
  return (
    <SkeletonGroup label={TEXT[lang].loading}>
      <Skeleton shape="title" />
      <Skeleton lines={3} />
      <div className="sg__row">
        <Skeleton shape="circle" />
        <Skeleton shape="block" />
      </div>
      <Skeleton shape="card" />
    </SkeletonGroup>
  );
}

function Dialogs({ lang }: { lang: Lang }) {
  const t = TEXT[lang];
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t.openDialog}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t.dialogTitle} labelId={`sg-dialog-${lang}`} describedBy={`sg-dialog-text-${lang}`} closeLabel={t.close}>
        <p id={`sg-dialog-text-${lang}`}>{t.dialogText}</p>
        <div className="modal__actions">
          <Button onClick={() => setOpen(false)}>{t.done}</Button>
        </div>
      </Modal>
    </>
  );
}

function Prices() {
  return (
    <div className="sg__stack">
      <Price amount={101.59} />
      <Price amount={101.59} original={135.45} period={{ kind: 'month' }} />
      <Price amount={52.5} original={75} period={{ kind: 'month' }} total={{ amount: 630, months: 12 }} />
      <Price amount={1888.95} monthly={157.41} size="lg" />
    </div>
  );
}

function PhoneNumbers() {
  return (
    <div className="sg__stack">
      <PhoneNumberText msisdn="971585824920" />
      <PhoneNumberText msisdn="0501234567" />
    </div>
  );
}

function Sheets({ lang }: { lang: Lang }) {
  const t = TEXT[lang];
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {lang === 'ar' ? 'افتح الورقة السفلية' : 'Open the bottom sheet'}
      </Button>
      <Sheet open={open} onClose={() => setOpen(false)} title={t.dialogTitle} labelId={`sg-sheet-${lang}`}>
        <p>{t.dialogText}</p>
        <Button onClick={() => setOpen(false)}>{t.done}</Button>
      </Sheet>
    </>
  );
}

/**
 * The stepper as the flow contract draws it: plan done, number current (compact below 768 px).
 * Each pane's landmark is named apart (the page shows it twice; axe's landmark-unique).
 */
function Steppers({ lang }: { lang: string }) {
  const flags = { ...EMPTY_FLOW_FLAGS, is_plan_selected: true };
  return <ProgressStepper pathname="/number" ctx={{ flags }} label={`Your progress (${lang})`} />;
}

/**
 * Every section, in order. To add a primitive, add one entry here: the page shows it in both
 * directions and the e2e spec (e2e/tests/styleguide.spec.ts) checks it in both panes.
 */
export const SECTIONS: readonly StyleGuideSection[] = [
  { id: 'tokens', name: 'Tokens', note: 'shared/src/ui/tokens.css: colour, type scale, 4 px spacing, radius, two shadows.', render: () => <Tokens /> },
  { id: 'field', name: 'Field', note: 'Label above, hint below, the error below the hint with an icon, announced.', render: (l) => <Fields lang={l} /> },
  { id: 'select', name: 'Select', render: (l) => <Selects lang={l} /> },
  { id: 'radio-cards', name: 'Radio cards', note: 'Native radios: arrow keys move the choice; the checked card shows the dot and a thicker border.', render: (l) => <Radios lang={l} /> },
  { id: 'checkbox', name: 'Checkbox', render: (l) => <Checkboxes lang={l} /> },
  { id: 'button', name: 'Button', note: 'Primary, secondary, link, with an icon, busy, disabled.', render: (l) => <Buttons lang={l} /> },
  { id: 'card', name: 'Card', render: (l) => <Cards lang={l} /> },
  { id: 'badge', name: 'Badge', render: (l) => <Badges lang={l} /> },
  { id: 'alert', name: 'Alert', note: 'Info and success are role="status", warning and error role="alert" (live={false} here: shown from the start).', render: (l) => <Alerts lang={l} /> },
  { id: 'skeleton', name: 'Skeleton', note: 'Hidden from assistive technology; the group says what is loading. No shimmer under reduced motion.', render: (l) => <Skeletons lang={l} /> },
  { id: 'price', name: 'Price', note: 'Amount with what it includes and is for; the original struck through beside a discount, with the saving (texts follow the page language).', render: () => <Prices /> },
  { id: 'phone-number', name: 'Phone number', note: 'Grouped for reading, left to right inside Arabic, copied as digits.', render: () => <PhoneNumbers /> },
  { id: 'sheet', name: 'Sheet', note: 'A bottom sheet on <dialog>: slides up, focus trapped, Escape and the backdrop close it.', render: (l) => <Sheets lang={l} /> },
  { id: 'stepper', name: 'Stepper', note: 'Driven by flowProgress (the flow contract): five stages on every path, done, current, remaining; "Step 2 of 5" below 768 px.', render: (l) => <Steppers lang={l} /> },
  { id: 'dialog', name: 'Dialog', note: 'The native <dialog>: focus trapped, Escape closes, focus returns to the opener.', render: (l) => <Dialogs lang={l} /> },
];
