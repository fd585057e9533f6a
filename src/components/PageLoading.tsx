import { Spinner } from './Spinner';

interface PageLoadingProps {
  /** The page's heading, already translated: kept (visually hidden) so a screen reader lands on it. */
  title: string;
  /** The spinner's accessible name, already translated. */
  label: string;
}

/** A detail page while its data loads: marked busy, with its heading and a spinner. */
export function PageLoading({ title, label }: PageLoadingProps) {
  return (
    <div className="page" aria-busy="true">
      <h1 className="visually-hidden">{title}</h1>
      <Spinner label={label} />
    </div>
  );
}
