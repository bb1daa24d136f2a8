/**
 * Stand-ins for federation/remote-step in tests of the guard and the shell: a step renders as a
 * marker naming its remote and route, a step no module owns as "coming soon: <title key>".
 * Use: jest.mock('../../federation/remote-step', () => jest.requireActual('../../test-utils/step-markers')).
 */
export function RemoteStep({ remote, route }: { remote: string; route: string }) {
  return (
    <p>
      step {remote} at {route}
    </p>
  );
}

export function ComingSoon({ titleKey }: { titleKey: string }) {
  return <p>coming soon: {titleKey}</p>;
}
