/**
 * "About" (#/about): what the game is made of and who made it, with the credits the licences ask for (the
 * DiceBear portrait style, the game-icons.net icons by author, the sounds, the fonts). A lazy chunk with its
 * own texts (texts.ts) and styles.
 */
import type { ReactNode } from 'react';
import { cardPool } from '@vroyale/cards';
import { useLanguage } from '../../i18n';
import { CardArt, useArt } from '../art/card-art';
import { ICON_AUTHOR, ICON_AUTHORS } from '../art/icon-credits';
import { ALL_ICONS } from '../art/icon-map';
import { KEYWORD_GLYPHS } from '../art/keyword-glyphs.generated';
import { KeywordLegend } from '../keyword-icon';
import './about.css';
import { aboutTexts, fill, LINKS, NAMES } from './texts';

/** A few cards of each kind, to show what the credits are for. */
const SAMPLES = ['captain-pixelhook', 'chat-regular', 'midnight-diva-ssr', 'viral-moment', 'fan-club-meetup', 'studio-microphone'];

function Section(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.children}
    </section>
  );
}

function Links(props: { items: (keyof typeof LINKS)[] }) {
  return (
    <p className="about-links">
      {props.items.map((k) => (
        <a key={k} href={LINKS[k]} target="_blank" rel="noreferrer noopener">
          {NAMES[k]}
        </a>
      ))}
    </p>
  );
}

/** The icons grouped by who drew them, each glyph titled with its name on game-icons.net. */
function IconsByAuthor() {
  // The glyphs come with the art's chunk (imported statically here, they would pull it into this page's).
  const art = useArt();
  const by = new Map<string, string[]>();
  for (const n of ALL_ICONS) {
    const a = ICON_AUTHOR[n] ?? '';
    by.set(a, [...(by.get(a) ?? []), n]);
  }
  return (
    <dl className="about-icons">
      {[...by.entries()]
        .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
        .map(([author, names]) => (
          <div key={author}>
            <dt>
              {ICON_AUTHORS[author] ?? author} <span className="hint">({names.length})</span>
            </dt>
            <dd>
              {names.map((n) => (
                <svg
                  key={n}
                  viewBox="0 0 512 512"
                  role="img"
                  aria-label={n}
                  dangerouslySetInnerHTML={{ __html: `<title>${n}</title>${KEYWORD_GLYPHS[n] ?? art?.iconMarkup(n) ?? ''}` }}
                />
              ))}
            </dd>
          </div>
        ))}
    </dl>
  );
}

export default function AboutPage() {
  const a = aboutTexts(useLanguage());
  return (
    <div className="about-page">
      <a className="btn ghost" href="#/">
        ← {a.back}
      </a>
      <article className="about">
        <h1>{a.title}</h1>
        <p className="lead">{a.intro}</p>
        <div className="about-samples" aria-hidden="true">
          {SAMPLES.map((id) => cardPool[id] && <CardArt key={id} def={cardPool[id]} className="about-sample" />)}
        </div>
        <Section id="about-art" title={a.artTitle}>
          <p>{fill(a.portraits)}</p>
          <p className="hint">{fill(a.dicebear)}</p>
          <Links items={['dicebear', 'lorelei', 'cc0']} />
        </Section>
        <Section id="about-icons" title={a.iconsTitle}>
          <p>{fill(a.icons)}</p>
          <Links items={['site', 'ccby']} />
          <p className="hint">{a.iconsBy}</p>
          <IconsByAuthor />
        </Section>
        <Section id="about-keywords" title={a.keywordsTitle}>
          <KeywordLegend />
        </Section>
        <Section id="about-sounds" title={a.soundsTitle}>
          <p>{fill(a.sounds)}</p>
          <Links items={['cc0']} />
        </Section>
        <Section id="about-fonts" title={a.fontsTitle}>
          <p>{fill(a.fonts)}</p>
        </Section>
        <Section id="about-code" title={a.codeTitle}>
          <p>{fill(a.code)}</p>
        </Section>
      </article>
    </div>
  );
}
