import { QueryClient } from '@tanstack/react-query';
import { markStepShown, resetStepsShown, whenStepSettled } from '../step-shown';

/** The next step's download waits for the step on screen: rendered, and its data arrived. */
describe('when a step has settled', () => {
  beforeEach(() => resetStepsShown());
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('waits for the step to render and for its queries to finish, then runs once', async () => {
    const client = new QueryClient();
    const work = jest.fn();
    let answer: (v: string) => void = () => undefined;
    void client.fetchQuery({ queryKey: ['plans'], queryFn: () => new Promise<string>((r) => (answer = r)) });
    whenStepSettled('plan', work, client);
    await flush();
    expect(work).not.toHaveBeenCalled(); // not rendered yet
    markStepShown('plan');
    await flush();
    expect(work).not.toHaveBeenCalled(); // its plans are still on their way
    answer('seven plans');
    await flush();
    expect(work).toHaveBeenCalledTimes(1);
    markStepShown('number');
    await client.fetchQuery({ queryKey: ['more'], queryFn: async () => 1 });
    await flush();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at once for a step already on screen with nothing fetching, and never once cancelled', async () => {
    const client = new QueryClient();
    markStepShown('plan');
    const now = jest.fn();
    whenStepSettled('plan', now, client);
    expect(now).toHaveBeenCalledTimes(1);
    const cancelled = jest.fn();
    const cancel = whenStepSettled('number', cancelled, client);
    cancel();
    markStepShown('number');
    await flush();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
