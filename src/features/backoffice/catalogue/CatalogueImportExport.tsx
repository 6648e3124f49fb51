import { useState, type ChangeEvent } from 'react';
import { adminCall, issuesOf } from '../admin-api';
import { useBackOfficeLanguage } from '../ui';
import { postCatalogue } from './catalogue-draft';

type ImportPlan = {
  created: string[];
  changed: { slug: string; fields: string[] }[];
  takenDown: string[];
  unchanged: number;
};

/** The whole catalogue out as JSON, or a JSON or CSV file in: its plan first, applied on a second, deliberate step. */
export function CatalogueImportExport({ onImported }: { onImported: () => void }) {
  const { t } = useBackOfficeLanguage();
  const [file, setFile] = useState<{ name: string; format: 'json' | 'csv'; content: string } | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (chosen: NonNullable<typeof file>, apply: boolean) => {
    setBusy(true);
    setProblems([]);
    setDone(null);
    try {
      const answer = await postCatalogue('/import', { format: chosen.format, content: chosen.content, apply });
      if (answer.code !== 1) {
        setPlan(null);
        setProblems(issuesOf(answer)?.map((issue) => `${issue.path}: ${issue.message}`) ?? [answer.message]);
        return;
      }
      const result = answer.data as { plan: ImportPlan; applied: boolean };
      if (result.applied) {
        setPlan(null);
        setFile(null);
        setDone(
          t('admin.catalogue.imported', {
            file: chosen.name,
            created: result.plan.created.length,
            changed: result.plan.changed.length,
            takenDown: result.plan.takenDown.length,
          }),
        );
        onImported();
      } else {
        setPlan(result.plan);
      }
    } finally {
      setBusy(false);
    }
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.currentTarget.files?.[0];
    if (!picked) return;
    const chosen = {
      name: picked.name,
      format: picked.name.toLowerCase().endsWith('.csv') ? ('csv' as const) : ('json' as const),
      content: await picked.text(),
    };
    setFile(chosen);
    await run(chosen, false);
  };
  const exportCatalogue = async () => {
    const data = await adminCall<unknown>('/catalogue/export');
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    link.download = 'catalogue.json';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <details className="catalogue__transfer">
      <summary>{t('admin.catalogue.transfer')}</summary>
      <div className="catalogue__row">
        <label className="field">
          <span>{t('admin.catalogue.file')}</span>
          <input
            type="file"
            accept=".json,.csv,application/json,text/csv"
            disabled={busy}
            onChange={(event) => void choose(event)}
          />
        </label>
        <button type="button" className="button button--ghost" onClick={() => void exportCatalogue()}>
          {t('admin.catalogue.export')}
        </button>
      </div>
      {problems.length > 0 && (
        <div role="alert">
          <p className="field-error">{t('admin.catalogue.cannotImport')}</p>
          <ul className="field-error">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {done && (
        <p className="field-ok" role="status">
          {done}
        </p>
      )}
      {plan && file && (
        <section aria-labelledby="import-plan-title" className="catalogue__plan">
          <h2 id="import-plan-title">{t('admin.catalogue.plan', { file: file.name })}</h2>
          <PlanList title={t('admin.catalogue.created')} items={plan.created} />
          <PlanList
            title={t('admin.catalogue.changed')}
            items={plan.changed.map((entry) => `${entry.slug} (${entry.fields.join(', ')})`)}
          />
          <PlanList title={t('admin.catalogue.takenDownList')} items={plan.takenDown} />
          <p>{t('admin.catalogue.unchanged', { count: plan.unchanged })}</p>
          <button
            type="button"
            className="button"
            disabled={busy || (!plan.created.length && !plan.changed.length)}
            onClick={() => void run(file, true)}
          >
            {t('admin.catalogue.apply')}
          </button>
        </section>
      )}
    </details>
  );
}

function PlanList({ title, items }: { title: string; items: string[] }) {
  return (
    <>
      <h3>
        {title}: {items.length}
      </h3>
      {items.length > 0 && (
        <ul aria-label={title}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </>
  );
}
