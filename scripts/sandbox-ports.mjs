// Each sandbox of the sandboxes program and the variable that carries its port. Both programs read
// these variables (the sandboxes listen on them, the API reaches the sandboxes by them); the
// launcher (scripts/start.mjs) passes the ports the sandboxes got on to the API, and the perf
// scripts (e2e/perf/product-server.mjs) ask for free ports through them. One table, so a new
// sandbox is named once. The mail sandbox has two: its SMTP sink and its outbox page.
export const SANDBOX_PORT_VARS = {
  mail: 'JOIN_MAIL_SINK_PORT',
  outbox: 'JOIN_MAIL_OUTBOX_PORT',
  signin: 'JOIN_SIGNIN_PORT',
  authority: 'JOIN_AUTHORITY_PORT',
  card: 'JOIN_CARD_PORT',
  bnpl: 'JOIN_BNPL_PORT',
  courier: 'JOIN_COURIER_PORT',
  esim: 'JOIN_ESIM_PORT',
  portability: 'JOIN_PORTABILITY_PORT',
  terminal: 'JOIN_TERMINAL_PORT',
};
