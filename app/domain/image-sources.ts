/**
 * Where a labelled image comes from: a file uploaded as is, a frame of a labelled video, a webcam frame, or a
 * supervisor's judgement of a frame in a dossier's review (decision 075). The last is made only by the review's
 * own write path, never by the dataset's upload endpoint.
 */
export const IMAGE_SOURCES = ["upload", "video", "webcam", "review"] as const;
export type ImageSource = (typeof IMAGE_SOURCES)[number];

/** The sources an administrator may save into the dataset directly (POST /api/ml/images). */
export const UPLOADABLE_IMAGE_SOURCES = ["upload", "video", "webcam"] as const satisfies readonly ImageSource[];
