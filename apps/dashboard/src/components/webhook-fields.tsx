import type { WebhookEvent } from '../api/types';

export const WEBHOOK_EVENTS: { event: WebhookEvent; label: string; hint: string }[] = [
  { event: 'job.completed', label: 'Job completed', hint: 'the company record, as a poll returns it' },
  { event: 'job.failed', label: 'Job failed', hint: 'the error code and message' },
  { event: 'batch.completed', label: 'Batch completed', hint: 'every item of a bulk batch has ended' },
];

/** The events an endpoint receives, as checkboxes; at least one must stay chosen. */
export function EventChoice({ id, value, onChange }: { id: string; value: WebhookEvent[]; onChange: (events: WebhookEvent[]) => void }) {
  const toggle = (event: WebhookEvent, on: boolean) =>
    onChange(on ? WEBHOOK_EVENTS.map((e) => e.event).filter((e) => e === event || value.includes(e)) : value.filter((e) => e !== event));
  return (
    <fieldset className="checks">
      <legend>Events</legend>
      {WEBHOOK_EVENTS.map(({ event, label, hint }) => (
        <label key={event} className="check" htmlFor={`${id}-${event}`}>
          <input id={`${id}-${event}`} type="checkbox" checked={value.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
          <span>
            {label} <code className="muted">{event}</code>
            <span className="hint"> — {hint}</span>
          </span>
        </label>
      ))}
      {value.length === 0 ? <p className="hint-error">Choose at least one event.</p> : null}
    </fieldset>
  );
}

export const eventLabel = (event: string): string => WEBHOOK_EVENTS.find((e) => e.event === event)?.label ?? event;

/** An endpoint's optional description, in the create and the settings form. */
export function DescriptionField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field field-grow">
      <label htmlFor={id}>
        Description <span className="optional">(optional)</span>
      </label>
      <input id={id} type="text" maxLength={500} placeholder="e.g. CRM sync" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
