import { useEffect, useState } from 'react';

/** Copies `text`; says so for screen readers. Falls back to selecting when the clipboard is refused. */
export function CopyButton({ text, label = 'Copy', targetId }: { text: string; label?: string; targetId?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      const target = targetId ? document.getElementById(targetId) : null;
      if (target) window.getSelection()?.selectAllChildren(target);
      setState('failed');
    }
  };
  return (
    <span className="copy">
      <button type="button" className="button button-secondary button-small" onClick={copy}>
        {state === 'copied' ? 'Copied' : label}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard' : state === 'failed' ? 'Could not copy; the text is selected, press Ctrl+C' : ''}
      </span>
    </span>
  );
}
