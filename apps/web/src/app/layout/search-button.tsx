import { lazy, Suspense, useState } from 'react';
import plain from '../../components/plain.module.css';

const SearchDialog = lazy(async () => {
  const module = await import('../../features/catalogue/components/search-dialog.tsx');
  return { default: module.SearchDialog };
});

/** The search icon of the navbar (spec 2.2); the dialog's code loads on first use. */
export function SearchButton() {
  const [opened, setOpened] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);

  return (
    <>
      <button
        type="button"
        className={plain.iconButton}
        aria-label="Search"
        onClick={() => {
          setWasOpened(true);
          setOpened(true);
        }}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {wasOpened && (
        <Suspense fallback={null}>
          <SearchDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
