import { PERIODS, type Period } from '../dashboard-period';

/** The period shown: 7, 30 or 90 days, one radio group (arrow keys move between them, as in any radio group). */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (days: Period) => void }) {
  return (
    <fieldset className="period-picker">
      <legend>Period</legend>
      {PERIODS.map((days) => (
        <label key={days}>
          <input type="radio" name="dashboard-period" value={days} checked={value === days} onChange={() => onChange(days)} />
          <span>Last {days} days</span>
        </label>
      ))}
    </fieldset>
  );
}
