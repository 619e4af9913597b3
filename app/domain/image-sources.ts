/** Where a labelled image comes from: a file uploaded as is, a frame of a labelled video, or a webcam frame. */
export const IMAGE_SOURCES = ["upload", "video", "webcam"] as const;
export type ImageSource = (typeof IMAGE_SOURCES)[number];
