import { featureIntl } from '../../i18n/featureIntl';

import { moderationMessages } from './messages';

const moderation = featureIntl(moderationMessages);
/** Adds the moderation texts (messages.ts) to react-intl for `children`, in the current language. */
export const ModerationMessages = moderation.FeatureIntl;
/** Typed lookup of a moderation text (and the app's); use inside ModerationMessages. */
export const useModerationT = moderation.useFeatureT;
