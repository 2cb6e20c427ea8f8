import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './breadcrumbs.css';

export interface Crumb {
  label: ReactNode;
  to: string;
}

/**
 * Where the page sits (each label isolated: names are user text, in any direction), from the top ("Acme / Checkout / Runs / Nightly"): a navigation landmark
 * of links, the last one the page itself (aria-current="page").
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {items.map((item, i) => (
          <li key={i}>
            <Link to={item.to} aria-current={i === items.length - 1 ? 'page' : undefined}>
              <bdi>{item.label}</bdi>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
