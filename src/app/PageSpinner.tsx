import { Spinner } from '../components/Spinner';
import { useT } from '../i18n/useT';

/** The centred "Loading..." spinner shown while a page chunk or persisted state loads. */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  const t = useT();
  return (
    <div className={fullScreen ? 'page-spinner page-spinner--full-screen' : 'page-spinner'}>
      <Spinner label={t('app.loading')} />
    </div>
  );
}
