/**
 * The server half of the API table: for each entry of app/domain/api-table.ts, how its parameters and body are
 * read and which handler answers. Typed against the table's names, so an endpoint declared without a handler, or
 * a handler without a declaration, does not compile.
 */
import type { ApiEndpointName } from "~/domain/api-table";
import { frameJudgementEndpoint } from "../dossiers/frame-judgement-api.server";
import { dossierMediaEndpoint } from "../dossiers/media-api.server";
import { benchStatsEndpoint } from "../http/bench-stats.server";
import { healthEndpoint, translationsEndpoint, versionEndpoint } from "../http/endpoints.server";
import { liveEndpoint } from "../live/sse.server";
import { appCheckEndpoint } from "../media/app-check.server";
import { mediumBytesEndpoint, mediumEndpoint, mediumPreviewEndpoint } from "../media/media-api.server";
import type { UploadServer } from "../media/upload-server.server";
import {
  activeModelEndpoint,
  datasetEndpoint,
  datasetZipEndpoint,
  labelledImageEndpoint,
  modelFileEndpoint,
  saveLabelledImageEndpoint,
  saveModelEndpoint,
  testVideoEndpoint,
} from "../ml/ml-http.server";
import { caseHandlingCsvEndpoint, reportingCsvEndpoint } from "../reporting/reporting-http.server";
import { withActor, withoutActor, type ApiEndpointSpec } from "./api-endpoint.server";
import {
  exportCancelEndpoint,
  exportFileEndpoint,
  exportListEndpoint,
  exportManifestEndpoint,
  exportSchemaEndpoint,
  exportStartEndpoint,
  exportStatusEndpoint,
} from "./export-api.server";
import { z } from "zod";

export interface ApiDependencies {
  buildId: string;
  uploads: UploadServer;
}

const TUS_REFUSAL = { "Tus-Resumable": "1.0.0" };
const uploadId = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/) });

// Specs differ in their parameter and body types; the wrapper treats them alike.
type AnySpec = ApiEndpointSpec<any, any, any>;

export function apiHandlers({ buildId, uploads }: ApiDependencies): Record<ApiEndpointName, AnySpec> {
  return {
    version: versionEndpoint(buildId),
    health: healthEndpoint,
    translations: translationsEndpoint,
    live: liveEndpoint,
    appCheck: appCheckEndpoint,
    uploadOptions: withoutActor({ refusalHeaders: TUS_REFUSAL, handle: ({ req, res }) => uploads.options(req, res) }),
    uploadCreate: withActor({ body: { kind: "stream" }, refusalHeaders: TUS_REFUSAL, handle: ({ req, res, actor }) => uploads.handle(req, res, actor, null) }),
    upload: withActor({ params: uploadId, body: { kind: "stream" }, refusalHeaders: TUS_REFUSAL, handle: ({ req, res, actor, params }) => uploads.handle(req, res, actor, params.id) }),
    medium: mediumEndpoint,
    mediumPreview: mediumPreviewEndpoint,
    mediumBytes: mediumBytesEndpoint,
    dossierMedia: dossierMediaEndpoint,
    frameJudgement: frameJudgementEndpoint,
    activeModel: activeModelEndpoint,
    modelFile: modelFileEndpoint,
    saveModel: saveModelEndpoint,
    dataset: datasetEndpoint,
    labelledImage: labelledImageEndpoint,
    saveLabelledImage: saveLabelledImageEndpoint,
    testVideo: testVideoEndpoint,
    datasetZip: datasetZipEndpoint,
    reportingCsv: reportingCsvEndpoint,
    caseHandlingCsv: caseHandlingCsvEndpoint,
    exportList: exportListEndpoint,
    exportStart: exportStartEndpoint,
    exportStatus: exportStatusEndpoint,
    exportCancel: exportCancelEndpoint,
    exportFile: exportFileEndpoint,
    exportManifest: exportManifestEndpoint,
    dossierSchema: exportSchemaEndpoint,
    benchStats: benchStatsEndpoint,
  };
}
