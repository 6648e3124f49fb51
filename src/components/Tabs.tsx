type Props<T> = { label?: string; tabs: { value: T; label: string }[]; value: T; onChange: (value: T) => void };

/** A row of filter tabs over a list; choosing one shows that part of the list. */
export function Tabs<T>({ label, tabs, value, onChange }: Props<T>) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={String(tab.value)}
          type="button"
          role="tab"
          aria-selected={value === tab.value}
          className="tab"
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
