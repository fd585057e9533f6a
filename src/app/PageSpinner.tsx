import { Spinner } from '../components/Spinner';
import { useT } from '../i18n/useT';

/** The centred "Loading..." spinner shown while a page chunk or persisted state loads. */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  const t = useT();
  return (
    // Busy while a page's code loads: assistive technology (and the e2e settle step) wait for the page.
    <div className={fullScreen ? 'page-spinner page-spinner--full-screen' : 'page-spinner'} aria-busy="true">
      <Spinner label={t('app.loading')} />
    </div>
  );
}
