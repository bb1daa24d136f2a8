import { SECTIONS, type Lang } from './sections';

const DIRECTIONS: readonly { lang: Lang; dir: 'ltr' | 'rtl'; name: string }[] = [
  { lang: 'en', dir: 'ltr', name: 'English, left to right' },
  { lang: 'ar', dir: 'rtl', name: 'العربية، من اليمين إلى اليسار' },
];

/**
 * The living style guide: every primitive of the design system in all its states, once in an
 * English left-to-right pane and once in an Arabic right-to-left pane (each with its own `dir`
 * and `lang`). A development page, never part of the visitor's flow (shared/README.md).
 */
export function StyleGuide() {
  return (
    <main className="sg">
      <header className="sg__intro">
        <h1>Tourist SIM design system</h1>
        <p>
          Tokens and primitives from <code>@join/shared</code>, each shown in English (left to right) and Arabic (right to left). A development page,
          not part of the visitor flow.
        </p>
        <nav aria-label="Sections">
          <ul className="sg__toc">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {SECTIONS.map((s) => (
        <section key={s.id} id={s.id} className="sg__section" aria-labelledby={`${s.id}-title`} data-section={s.id}>
          <h2 id={`${s.id}-title`}>{s.name}</h2>
          {s.note ? <p className="muted">{s.note}</p> : null}
          <div className="sg__panes">
            {DIRECTIONS.map((d) => (
              <div key={d.lang} className="sg__pane" dir={d.dir} lang={d.lang} data-pane={d.lang}>
                <h3 className="sg__pane-title">{d.name}</h3>
                {s.render(d.lang)}
              </div>
            ))}
          </div>
        </section>
      ))}
    </main>
  );
}
