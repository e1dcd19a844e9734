/**
 * "How to play": the published rules in plain words, the playmat's zones as a small diagram, and a keyword
 * glossary with an example each. A lazy chunk with its own texts (texts.ts), shown as a page from the lobby
 * (#/how-to-play) and as a dialog over the playmat (the "?" button, ? or F1).
 */
import type { ReactNode } from 'react';
import { useLanguage } from '../../i18n';
import './how-to-play.css';
import { PlaymatDiagram } from './playmat-diagram';
import { howToTexts } from './texts';

const KEYWORDS = ['ban', 'callout', 'clip', 'clout', 'moderator', 'raid'] as const;
const TYPES = ['leader', 'character', 'highlight', 'event', 'asset', 'token'] as const;

function Section(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** A list of lines, or of [term, text] pairs shown as "term — text". */
function Lines(props: { items: readonly (string | readonly [string, string])[]; ordered?: boolean }) {
  const items = props.items.map((it) => (
    <li key={typeof it === 'string' ? it : it[0]}>
      {typeof it === 'string' ? (
        it
      ) : (
        <>
          <b>{it[0]}</b> — {it[1]}
        </>
      )}
    </li>
  ));
  return props.ordered ? <ol className="howto-lines">{items}</ol> : <ul className="howto-lines">{items}</ul>;
}

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

      <Section id={id('playmat')} title={s.playmat}>
        <PlaymatDiagram texts={t} />
      </Section>
      <Section id={id('setup')} title={s.setup}>
        <Lines items={t.setup} ordered />
      </Section>
      <Section id={id('turn')} title={s.turn}>
        <Lines items={t.turn.map((p) => [p.name, p.text])} ordered />
      </Section>
      <Section id={id('combat')} title={s.combat}>
        <Lines items={t.combat} />
      </Section>
      <Section id={id('stack')} title={s.stack}>
        <p>{t.stack}</p>
      </Section>
      <Section id={id('types')} title={s.types}>
        <dl className="glossary">
          {TYPES.map((k) => (
            <div key={k}>
              <dt>{t.types[k].name}</dt>
              <dd>{t.types[k].text}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id={id('keywords')} title={s.keywords}>
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
      </Section>
      <Section id={id('controls')} title={s.controls}>
        <Lines items={t.controls} />
      </Section>
    </article>
  );
}
