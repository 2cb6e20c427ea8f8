/** One custom field of each type a test can carry (keys: the names lower-cased), for the tests of values and filters. */
export const fieldOfEachType = [
  { name: 'Summary', type: 'text' },
  { name: 'Notes', type: 'textarea' },
  { name: 'Points', type: 'number' },
  { name: 'Smoke', type: 'checkbox' },
  { name: 'Due', type: 'date' },
  { name: 'Spec', type: 'url' },
  { name: 'Area', type: 'select', options: ['checkout', 'search'] },
  { name: 'Browsers', type: 'multiselect', options: ['chrome', 'firefox', 'safari'] },
  { name: 'Owner', type: 'user' },
];
