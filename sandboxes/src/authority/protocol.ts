/**
 * The identity authority's liveness protocol as this sandbox speaks it (its own copy: a third party
 * shares no code with the operator): the prompts a face challenge may give, from the visitor's
 * side ("left" is the visitor's left; in the camera's unmirrored picture the face then moves to
 * the picture's right), and how many frames a check takes.
 */
export const FACE_PROMPTS = ['closer', 'farther', 'left', 'right'] as const;
export type FacePrompt = (typeof FACE_PROMPTS)[number];
export const FACE_FRAMES_MIN = 3;
export const FACE_FRAMES_MAX = 6;
