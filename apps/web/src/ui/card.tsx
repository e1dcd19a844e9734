/** The card face and its companions (the folder `card-face/`), under the name the rest of the app imports. */
export { CardFace, type CardFaceProps, type CardSize } from './card-face/card-face';
export { CardBack } from './card-face/card-back';
export { ZoomPreview } from './card-face/zoom-preview';
export { cardLabel, rulesFor } from './card-face/card-label';
export { canHover, LONG_PRESS_MS } from './card-face/long-press';
export { nameSize } from './card-face/name-fit';
