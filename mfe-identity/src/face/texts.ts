/**
 * English of the face scan (keys identity.face.*), bundled with its lazy chunk and registered
 * into the page's i18n when the scan loads (face-scan.tsx). Arabic: texts-ar.ts (FACE_TEXTS_AR),
 * to be moved into api/src/seed/translations-ar.ts with the page that uses the scan.
 */
export const FACE_TEXTS = {
  'identity.face.intro': 'Look at the camera and place your face inside the oval. We check that a real person is there, then take one photo.',
  'identity.face.privacy': 'The camera picture stays in your browser while you get ready. Only the one photo is sent, for this identity check.',
  'identity.face.videoLabel': 'Camera preview of your face',
  'identity.face.startingCamera': 'Starting the camera…',
  'identity.face.loadingModel': 'Getting the face check ready…',
  'identity.face.feedback.no-face': 'We cannot see a face. Look at the camera.',
  'identity.face.feedback.many-faces': 'We can see more than one face. Only you should be in the picture.',
  'identity.face.feedback.too-dark': 'It is too dark. Face a window or a lamp.',
  'identity.face.feedback.too-far': 'Move a little closer, so your face fills the oval.',
  'identity.face.feedback.too-close': 'Move back a little, so your whole face is inside the oval.',
  'identity.face.feedback.not-centred': 'Move your face to the middle of the oval.',
  'identity.face.feedback.good': 'Hold still.',
  'identity.face.challenge': 'Now move a little closer to the camera, slowly.',
  'identity.face.challengeDone': 'Thank you. Taking the photo…',
  'identity.face.sending': 'Checking your photo…',
  'identity.face.sent': 'Your photo was sent.',
  'identity.face.tryAgain': 'Try again',
  'identity.face.otherWay': 'Continue without the camera',
  'identity.face.denied.title': 'The camera is blocked for this site',
  'identity.face.denied.text':
    'To allow it, open the site settings (the icon beside the address bar), set Camera to Allow for this site, then try again.',
  'identity.face.noCamera.title': 'No camera was found',
  'identity.face.noCamera.text': 'This device has no front camera we can use. Try again on a phone or a computer with a camera.',
  'identity.face.busy.title': 'The camera could not start',
  'identity.face.busy.text': 'Another app may be using it. Close that app, then try again.',
  'identity.face.unsupported.title': 'This browser cannot use the camera',
  'identity.face.unsupported.text': 'Open this page in an up-to-date browser, such as Chrome, Safari, Firefox or Edge, over a secure connection.',
  'identity.face.modelFailed.title': 'The face check could not start',
  'identity.face.modelFailed.text': 'Part of the page did not load, perhaps because the connection dropped. Check your connection, then try again.',
} as const;
