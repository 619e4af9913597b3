/** The parts of node-smpp (the `smpp` package, which ships no types) that the SMS sender and its tests use. */
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer } from "node:net";

  export interface PDU {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response(options?: Record<string, unknown>): PDU;
  }

  export interface Session extends EventEmitter {
    bind_transmitter(options: Record<string, unknown>, callback?: (pdu: PDU) => void): void;
    submit_sm(options: Record<string, unknown>, callback?: (pdu: PDU) => void): void;
    unbind(options?: Record<string, unknown>, callback?: (pdu: PDU) => void): void;
    send(pdu: PDU, callback?: (pdu: PDU) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
  }

  export function connect(options: { host: string; port: number; tls?: boolean; auto_enquire_link_period?: number; [option: string]: unknown }, listener?: () => void): Session;
  export function createServer(options: Record<string, unknown>, listener: (session: Session) => void): NetServer;
  export function createServer(listener: (session: Session) => void): NetServer;

  export const ESME_ROK: number;
  export const ESME_RSUBMITFAIL: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RINVPASWD: number;
}
