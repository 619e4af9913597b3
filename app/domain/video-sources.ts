/** Where a video for labelling comes from: an uploaded test video, or a video attached to a dossier. */
export const VIDEO_SOURCES = ["upload", "dossier"] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];
