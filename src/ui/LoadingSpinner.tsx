// A loading spinner with its accessible name (axe `aria-progressbar-name`: a progress indicator
// without one fails). Read from i18next directly, not through a hook: a list's rows show one each
// while their page loads (issue 14), and a spinner is gone before a language switch would matter.
import { Spinner, type SpinnerProps } from '@fluentui/react-components';
import i18n from '../i18n/index.ts';

export function LoadingSpinner(props: Omit<SpinnerProps, 'aria-label'>) {
  return <Spinner {...props} aria-label={i18n.t('common.loading')} />;
}
