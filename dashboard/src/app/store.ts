import { createStore } from 'jotai';

/** The app's one jotai store, also used before mounting (start-up) and outside React (sign-out). */
export const store = createStore();
