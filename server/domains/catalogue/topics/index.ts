import { animalAndNatureTopics } from './animals-nature';
import { artsAndCultureTopics } from './arts-culture';
import { foodAndTravelTopics } from './food-travel';
import { hobbyAndLearningTopics } from './hobbies-learning';
import { scienceAndTechTopics } from './science-tech';
import { sportsTopics } from './sports';
import { type Topic } from './types';

export type { SceneKind, Topic } from './types';

/** Every subject area of the catalogue, in a fixed order (the order feeds the seeded generator). */
export const TOPICS: readonly Topic[] = [
  ...animalAndNatureTopics,
  ...foodAndTravelTopics,
  ...scienceAndTechTopics,
  ...sportsTopics,
  ...artsAndCultureTopics,
  ...hobbyAndLearningTopics,
];
