/**
 * "How to play": the published rules in plain words, the playmat's zones as a small diagram, and a keyword
 * glossary with an example each. A lazy chunk with its own texts (texts.ts), shown as a page from the lobby
 * (#/how-to-play) and as a dialog over the playmat (the "?" button, ? or F1).
 */
import { useLanguage } from '../../i18n';
import './how-to-play.css';
import { PlaymatDiagram } from './playmat-diagram';
import { howToTexts } from './texts';

const KEYWORDS = ['ban', 'callout', 'clip', 'clout', 'moderator', 'raid'] as const;
const TYPES = ['leader', 'character', 'highlight', 'event', 'asset', 'token'] as const;

export default function HowToPlay(props: { headingId?: string }) {
  const t = howToTexts(useLanguage());
  const s = t.sections;
  const id = (k: keyof typeof s) => `howto-${k}`;
  return (
    <article className="how-to-play">
      <h1 id={props.headingId}>{t.title}</h1>
      <p className="lead">{t.intro}</p>
      <nav aria-label={t.toc}>
        <ul className="toc">
          {(Object.keys(s) as (keyof typeof s)[]).map((k) => (
            <li key={k}>
              <a href={`#${id(k)}`} onClick={(e) => (e.preventDefault(), document.getElementById(id(k))?.scrollIntoView({ block: 'start' }))}>
                {s[k]}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby={id('playmat')}>
        <h2 id={id('playmat')}>{s.playmat}</h2>
        <PlaymatDiagram texts={t} />
      </section>

      <section aria-labelledby={id('setup')}>
        <h2 id={id('setup')}>{s.setup}</h2>
        <ol>
          {t.setup.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>

      <section aria-labelledby={id('turn')}>
        <h2 id={id('turn')}>{s.turn}</h2>
        <ol className="howto-phases">
          {t.turn.map((p) => (
            <li key={p.name}>
              <b>{p.name}</b> — {p.text}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby={id('combat')}>
        <h2 id={id('combat')}>{s.combat}</h2>
        <ul>
          {t.combat.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={id('stack')}>
        <h2 id={id('stack')}>{s.stack}</h2>
        <p>{t.stack}</p>
      </section>

      <section aria-labelledby={id('types')}>
        <h2 id={id('types')}>{s.types}</h2>
        <dl className="glossary">
          {TYPES.map((k) => (
            <div key={k}>
              <dt>{t.types[k].name}</dt>
              <dd>{t.types[k].text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby={id('keywords')}>
        <h2 id={id('keywords')}>{s.keywords}</h2>
        <dl className="glossary keywords">
          {KEYWORDS.map((k) => (
            <div key={k} id={`howto-keyword-${k}`}>
              <dt>{t.keywordNames[k]}</dt>
              <dd>
                {t.keywords[k].text}
                <span className="example">{t.keywords[k].example}</span>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby={id('controls')}>
        <h2 id={id('controls')}>{s.controls}</h2>
        <ul>
          {t.controls.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </article>
  );
}
