import { Dialog } from '../../../components/dialog';

const SHORTCUTS: [string[], string][] = [
  [['j', '↓'], 'Next test'],
  [['k', '↑'], 'Previous test'],
  [['p'], 'Passed'],
  [['f'], 'Failed'],
  [['b'], 'Blocked'],
  [['r'], 'Retest'],
  [['u'], 'Untested'],
  [
    ['1', '9'],
    'Pick a step of the test: the status keys then set that step (a failed step fails the test); Esc goes back to the whole test',
  ],
  [['x'], 'Check or uncheck the test (shift-click a checkbox for a range)'],
  [['c'], 'Write a comment'],
  [['d'], 'Link a defect to the test’s result (an id such as SHOP-123, or a link): Enter saves it, Esc cancels'],
  [['Ctrl+V', '⌘V'], 'Attach a copied screenshot or files to the test’s result (dropping files on the panel does the same)'],
  [['/'], 'Search the run (title, section or id); Enter or Esc goes back to the list, where j and k move within what it shows'],
  [['Esc'], 'Leave the comment box (the comment is kept) or close this dialog'],
  [['?'], 'Show these shortcuts'],
];

/** The keyboard shortcuts of the execute screen and how a comment goes with a result. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts">
      <table className="shortcuts">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(([keys, action]) => (
            <tr key={action}>
              <td>
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' or '}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </td>
              <td>{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Setting a status moves on to the next test. With tests checked, the status goes to all of them instead.</p>
      <p>
        <strong>A result with a comment:</strong> press <kbd>c</kbd>, type, press <kbd>Esc</kbd>, then the status key (e.g. <kbd>f</kbd>):
        the comment is saved with that result. Keys are ignored while you type in a field.
      </p>
      <form method="dialog">
        <button type="submit" className="button">
          Close
        </button>
      </form>
    </Dialog>
  );
}
