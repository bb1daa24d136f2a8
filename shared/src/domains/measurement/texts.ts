/**
 * Bundled English of the operations page (host/src/ops): the fallback when GET /translations lacks
 * a key. The API serves these keys too (through @join/shared/contract), Arabic beside them
 * (texts.ar.ts). Registered into the page's i18n by `register-texts.ts`, which only the operations
 * page's chunk imports: neither a visitor's page nor the collector's beacon code carries them.
 */
export const MEASUREMENT_TEXTS = {
  'ops.title': 'Operations',
  'ops.intro': 'How many visitors reach each step, how fast each step is for them and which error pop-ups they see. Only visitors who accepted analytics are counted.',
  'ops.loading': 'Loading the figures…',
  'ops.retry': 'Try again',

  // ---- The operator credential (kept in this tab only) ----
  'ops.token.legend': 'Operator sign-in',
  'ops.token.label': 'Operator credential',
  'ops.token.hint': 'The operations token this server was configured with. It is kept in this tab only, until you sign out or close the tab.',
  'ops.token.required': 'Enter the operator credential.',
  'ops.token.submit': 'Sign in',
  'ops.signOut': 'Sign out',
  'ops.error.credential': 'This credential was refused. Check it and sign in again.',
  'ops.error.off': 'The operations page is not configured on this server: no operator credential is set.',
  'ops.error.network': 'The figures could not be loaded. Check the connection and try again.',

  // ---- The day range ----
  'ops.range.legend': 'Days (UTC, both included)',
  'ops.range.from': 'From',
  'ops.range.to': 'To',
  'ops.range.show': 'Show',
  'ops.range.invalid': 'Enter both days.',
  'ops.range.order': 'The range ends before it starts.',
  'ops.range.tooLong.one': 'Choose at most {{count}} day.',
  'ops.range.tooLong.other': 'Choose at most {{count}} days.',
  'ops.range.shown': 'From {{from}} to {{to}}',
  'ops.empty': 'No visits were measured from {{from}} to {{to}}.',

  // ---- The three charts and their tables ----
  'ops.table.show': 'Show the figures as a table',
  'ops.table.hide': 'Hide the table',
  'ops.funnel.title': 'Visitors per step',
  'ops.funnel.caption': 'Visitors (distinct devices) who reached each step, and the change from the step before.',
  'ops.funnel.step': 'Step',
  'ops.funnel.visitors': 'Visitors',
  'ops.funnel.change': 'Change from the step before',
  'ops.vitals.title': 'Speed per step (p75)',
  'ops.vitals.caption': 'The 75th percentile of each measure per step, from real visitors: three visitors in four had it this good or better. The lines mark the limits of good and of needs improvement.',
  'ops.vitals.metric.LCP': 'Largest Contentful Paint (LCP)',
  'ops.vitals.metric.INP': 'Interaction to Next Paint (INP)',
  'ops.vitals.metric.CLS': 'Cumulative Layout Shift (CLS)',
  'ops.vitals.limits': 'Good up to {{good}}, needs improvement up to {{poor}}, poor above.',
  'ops.vitals.step': 'Step',
  'ops.vitals.p75': 'p75',
  'ops.vitals.samples': 'Samples',
  'ops.vitals.rating': 'Rating',
  'ops.vitals.good': 'Good',
  'ops.vitals.needsImprovement': 'Needs improvement',
  'ops.vitals.poor': 'Poor',
  'ops.vitals.none': 'No samples of this measure in the range.',
  'ops.errors.title': 'Error pop-ups per code',
  'ops.errors.caption': 'How many times each error pop-up was shown, most frequent first.',
  'ops.errors.code': 'Error code',
  'ops.errors.count': 'Times shown',
  'ops.errors.none': 'No error pop-ups were shown in this range.',
  'ops.unit.ms': '{{value}} ms',

  // ---- The flow's steps, short (a chart's axis) ----
  'ops.step.plan': 'Plan',
  'ops.step.number': 'Number',
  'ops.step.account': 'Account',
  'ops.step.location_check': 'Location check',
  'ops.step.activation_method': 'Activation',
  'ops.step.id_check': 'ID check',
  'ops.step.payment': 'Payment',
  'ops.step.submit_delivery': 'Delivery',
  'ops.step.thank_you': 'Thank you',
} as const;
