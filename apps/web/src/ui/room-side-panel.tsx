/** The room's side panel: the game log in plain sentences and the chat (spectators included). */
import '../i18n/later-texts';
import { memo, useEffect, useRef, useState } from 'react';
import { sendChat } from '../net/calls';
import { useT } from '../i18n';
import { useApp, type LogLine } from '../store';

const LogItem = memo(function LogItem({ line }: { line: LogLine }) {
  return <li className={`log-${line.kind}`}>{line.text}</li>;
});

export function SidePanel({ roomId, spectator }: { roomId: string; spectator: boolean }) {
  const log = useApp((s) => s.log[roomId]);
  const allChat = useApp((s) => s.chat[roomId]);
  const muted = useApp((s) => s.mutedChat[roomId]);
  // Muted seats' lines are hidden here only (the server still relays them to everyone else).
  const chat = muted?.length ? allChat?.filter((c) => !muted.includes(c.from.role as 'A' | 'B')) : allChat;
  const hidden = (allChat?.length ?? 0) - (chat?.length ?? 0);
  const [tab, setTab] = useState<'log' | 'chat'>('log');
  const t = useT();
  const [text, setText] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log, chat, tab]);
  return (
    <aside className="side-panel" aria-label={t('room.logAndChat')}>
      <div className="tabs" role="tablist">
        <button role="tab" aria-selected={tab === 'log'} onClick={() => setTab('log')}>
          {t('room.log')}
        </button>
        <button role="tab" aria-selected={tab === 'chat'} onClick={() => setTab('chat')}>
          {chat?.length ? t('room.chatN', { n: chat.length }) : t('room.chat')}
        </button>
      </div>
      {tab === 'log' ? (
        <ol className="log" ref={listRef} aria-label={t('room.gameLog')} aria-live="polite">
          {(log ?? []).map((l, i) => (
            <LogItem key={i} line={l} />
          ))}
        </ol>
      ) : (
        <>
          <ol className="log chat" ref={listRef} aria-label={t('room.chatMessages')}>
            {(chat ?? []).map((c, i) => (
              <li key={i}>
                <b className={`role-${c.from.role}`}>{c.from.name}</b>
                {c.from.role === 'spectator' ? t('room.watchingMark') : ''}: {c.text}
              </li>
            ))}
            {hidden > 0 && <li className="chat-muted-note">{t('profile.mutedLines', { count: hidden })}</li>}
          </ol>
          <form
            className="chat-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (!text.trim()) return;
              void sendChat(roomId, text.trim()).then((ok) => ok && setText(''));
            }}
          >
            <input
              aria-label={spectator ? t('room.chatAsSpectator') : t('room.chatMessage')}
              value={text}
              maxLength={300}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('room.chatPlaceholder')}
            />
            <button className="btn">{t('room.send')}</button>
          </form>
        </>
      )}
    </aside>
  );
}
