/**
 * A real SMPP 3.4 gateway on loopback for the tests (node-smpp's server): it checks the bind's system id and
 * password, and accepts, refuses or ignores each message as the test sets it, keeping what it accepted.
 */
import type { AddressInfo, Server } from "node:net";
import * as smpp from "smpp";

export interface GatewayMessage {
  source: string;
  destination: string;
  body: string;
}

export type GatewayMode = "accept" | "refuse" | "silent";

export interface SmppGateway {
  url: (source?: string, password?: string) => string;
  messages: GatewayMessage[];
  mode: GatewayMode;
  /** Binds seen, accepted or not. */
  binds: number;
  /** Closes every open session, as a gateway restart would. */
  dropSessions(): void;
  close(): Promise<void>;
}

export async function startSmppGateway(credentials = { systemId: "casus", password: "geheim" }): Promise<SmppGateway> {
  const sessions = new Set<smpp.Session>();
  const gateway: Omit<SmppGateway, "url" | "close" | "dropSessions"> = { messages: [], mode: "accept", binds: 0 };
  const server: Server = smpp.createServer({}, (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
    session.on("error", () => undefined);
    session.on("bind_transmitter", (pdu) => {
      gateway.binds++;
      const ok = pdu.system_id === credentials.systemId && pdu.password === credentials.password;
      session.send(pdu.response(ok ? {} : { command_status: smpp.ESME_RINVPASWD }));
    });
    session.on("enquire_link", (pdu) => session.send(pdu.response()));
    session.on("unbind", (pdu) => session.send(pdu.response()));
    session.on("submit_sm", (pdu) => {
      if (gateway.mode === "silent") return;
      if (gateway.mode === "refuse") return void session.send(pdu.response({ command_status: smpp.ESME_RSUBMITFAIL }));
      const message = pdu.short_message as { message?: string } | Buffer | string;
      const body = typeof message === "string" ? message : Buffer.isBuffer(message) ? message.toString("utf8") : String(message?.message ?? "");
      gateway.messages.push({ source: String(pdu.source_addr), destination: String(pdu.destination_addr), body });
      session.send(pdu.response({ message_id: String(gateway.messages.length) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(gateway, {
    url: (source = "Casus", password = credentials.password) => `smpp://${credentials.systemId}:${encodeURIComponent(password)}@127.0.0.1:${port}?source=${encodeURIComponent(source)}`,
    dropSessions: () => {
      for (const session of sessions) session.destroy();
    },
    close: async () => {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
