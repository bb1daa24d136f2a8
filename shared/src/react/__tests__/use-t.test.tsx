import { render, screen } from '@testing-library/react';
import { act, Suspense, use } from 'react';
import { i18n } from '../../i18n/i18n';
import { useT } from '../use-t';

/**
 * A change of dictionary or language re-renders the page's texts in a transition (issue 27: with
 * useSyncExternalStore, a step module's texts arriving re-rendered the whole page in one long
 * task). What shows it: a transition that suspends keeps the page as it was; a blocking update
 * that suspends shows the fallback.
 */
describe('useT', () => {
  afterEach(() => act(() => i18n.setLanguage('en')));

  it('re-renders on a new dictionary in a transition: what was shown stays until the new texts are ready', async () => {
    const never = new Promise<never>(() => undefined);
    function Greeting() {
      const t = useT();
      const text = t('test.greeting');
      if (text === 'Waiting') use(never);
      return <p>{text}</p>;
    }
    await act(async () => {
      i18n.set('en', { 'test.greeting': 'Hello' });
    });
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Greeting />
      </Suspense>,
    );
    expect(screen.getByText('Hello')).toBeTruthy();
    await act(async () => {
      i18n.set('en', { 'test.greeting': 'Waiting' });
    });
    // A blocking update would have replaced the text with the fallback.
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByText('Hello')).toBeTruthy();
    await act(async () => {
      i18n.set('en', { 'test.greeting': 'Welcome' });
    });
    expect(screen.getByText('Welcome')).toBeTruthy();
  });
});
