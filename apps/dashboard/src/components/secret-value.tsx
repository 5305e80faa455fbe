import { CopyButton } from './copy-button';

/** A value shown once (a new key, a command using it, an invite link), with a copy button. */
export function SecretValue({ id, value, copyLabel, wrap = false }: { id: string; value: string; copyLabel: string; wrap?: boolean }) {
  return (
    <div className="secret">
      <code id={id} className={`secret-value${wrap ? ' secret-wrap' : ''}`} data-testid={id}>
        {value}
      </code>
      <CopyButton text={value} label={copyLabel} targetId={id} />
    </div>
  );
}
