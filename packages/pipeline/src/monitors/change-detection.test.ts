import { type CompanyDraft, type CompanyRecord, emptyDraft, type FieldSource, type SourceName } from '@enrich/record';
import { compareRecords, normalisedValue } from './change-detection';

const at = '2026-12-01T10:00:00.000Z';
const provenance = (source: SourceName, agreedBy: SourceName[] = []): FieldSource => ({
  source,
  url: 'https://acme.com/',
  method: source === 'linkedin' ? 'linkedin:json-ld' : source === 'ai' ? 'llm' : 'json-ld',
  observedAt: at,
  inferred: source === 'ai',
  agreedBy,
  disagreedBy: [],
  confidence: 80,
});

function stored(values: Partial<CompanyRecord>): CompanyRecord {
  const { fieldSources: _none, ...draft } = emptyDraft();
  return { ...draft, domain: 'acme.com', confidence: 70, fieldSources: {}, ...values };
}
function draft(values: Partial<CompanyDraft>): CompanyDraft {
  return { ...emptyDraft(), ...values };
}
const unscored = ({ confidence: _c, ...source }: FieldSource) => source;
const all = new Set<SourceName>(['website', 'linkedin', 'ai']);

describe('normalisedValue', () => {
  it('takes out whitespace, the order and case of technologies and the case of a host', () => {
    expect(normalisedValue('name', '  Acme   Inc.\n')).toBe('Acme Inc.');
    expect(normalisedValue('technologies', ['WordPress', 'HubSpot'])).toBe(normalisedValue('technologies', [' hubspot', 'wordpress ']));
    expect(normalisedValue('socialProfiles.twitter', 'https://X.com/acme/')).toBe(
      normalisedValue('socialProfiles.twitter', 'https://x.com/acme'),
    );
    expect(normalisedValue('email', 'Sales@ACME.com')).toBe('Sales@acme.com');
    expect(normalisedValue('description', '   ')).toBeNull();
    expect(normalisedValue('technologies', [])).toBeNull();
  });

  it('keeps what is a change: a name’s letters, another path', () => {
    expect(normalisedValue('name', 'Acme')).not.toBe(normalisedValue('name', 'ACME'));
    expect(normalisedValue('socialProfiles.twitter', 'https://x.com/acme')).not.toBe(
      normalisedValue('socialProfiles.twitter', 'https://x.com/acme2'),
    );
  });
});

describe('compareRecords', () => {
  it('reports exactly the fields whose values differ, with the new value’s sources', () => {
    const previous = stored({
      name: 'Acme',
      description: 'Widgets.',
      technologies: ['WordPress', 'HubSpot'],
      socialProfiles: { twitter: 'https://x.com/acme' },
      fieldSources: { name: provenance('website'), description: provenance('website'), technologies: provenance('website') },
    });
    const next = draft({
      name: 'Acme Robotics',
      description: 'Widgets.  ',
      technologies: ['HubSpot', 'WordPress', 'Stripe'],
      socialProfiles: { twitter: 'https://X.com/acme/' },
      fieldSources: { name: unscored(provenance('website', ['linkedin'])), technologies: unscored(provenance('website')) },
      sources: ['website'],
    });
    const { changes } = compareRecords(previous, next, all);
    expect(changes).toEqual([
      { field: 'name', oldValue: 'Acme', newValue: 'Acme Robotics', sources: ['website', 'linkedin'] },
      { field: 'technologies', oldValue: ['WordPress', 'HubSpot'], newValue: ['HubSpot', 'WordPress', 'Stripe'], sources: ['website'] },
    ]);
  });

  it('reports nothing for the same record in another order and spacing', () => {
    const previous = stored({
      name: 'Acme',
      technologies: ['A', 'B'],
      socialProfiles: { linkedin: 'https://www.linkedin.com/company/acme' },
    });
    const next = draft({
      name: ' Acme ',
      technologies: ['b', 'a'],
      socialProfiles: { linkedin: 'https://www.linkedin.com/company/acme/' },
    });
    expect(compareRecords(previous, next, all).changes).toEqual([]);
  });

  it('reports a removal when the source that gave the value was read and no longer has it', () => {
    const previous = stored({ phone: '+1 555 0100', fieldSources: { phone: provenance('website') } });
    const { changes } = compareRecords(previous, draft({}), new Set(['website']));
    expect(changes).toEqual([{ field: 'phone', oldValue: '+1 555 0100', newValue: null, sources: [] }]);
  });

  it('never reports a value gone whose source was not read, and keeps it in the record', () => {
    const previous = stored({
      name: 'Acme',
      employeeCount: '51-200',
      industry: 'Software',
      socialProfiles: { linkedin: 'https://www.linkedin.com/company/acme' },
      fieldSources: {
        name: provenance('website'),
        employeeCount: provenance('linkedin'),
        industry: provenance('ai'),
        'socialProfiles.linkedin': provenance('website'),
      },
    });
    // LinkedIn refused and the AI off: only the website was read, and it still names the company.
    const next = draft({
      name: 'Acme',
      socialProfiles: { linkedin: 'https://www.linkedin.com/company/acme' },
      fieldSources: { name: unscored(provenance('website')) },
      sources: ['website'],
    });
    const { changes, record } = compareRecords(previous, next, new Set(['website']));
    expect(changes).toEqual([]);
    expect(record).toMatchObject({ employeeCount: '51-200', industry: 'Software', sources: ['website', 'linkedin', 'ai'] });
    expect(record.fieldSources.employeeCount).toEqual(unscored(provenance('linkedin')));
    // The value coming back with its source is then no change either.
    const back = draft({ ...next, employeeCount: '51-200' });
    expect(compareRecords(previous, back, new Set(['website', 'linkedin'])).changes).toEqual([]);
  });

  it('reports a new value even when another source was down', () => {
    const previous = stored({ name: 'Acme', fieldSources: { name: provenance('website') } });
    const next = draft({ name: 'Acme Co', fieldSources: { name: unscored(provenance('linkedin')) }, sources: ['linkedin'] });
    expect(compareRecords(previous, next, new Set(['linkedin'])).changes).toEqual([
      { field: 'name', oldValue: 'Acme', newValue: 'Acme Co', sources: ['linkedin'] },
    ]);
  });

  it('reports a profile removed per network', () => {
    const previous = stored({
      socialProfiles: { twitter: 'https://x.com/acme', github: 'https://github.com/acme' },
      fieldSources: { 'socialProfiles.twitter': provenance('website'), 'socialProfiles.github': provenance('website') },
    });
    const next = draft({ socialProfiles: { github: 'https://github.com/acme' } });
    expect(compareRecords(previous, next, new Set(['website'])).changes).toEqual([
      { field: 'socialProfiles.twitter', oldValue: 'https://x.com/acme', newValue: null, sources: [] },
    ]);
  });
});
