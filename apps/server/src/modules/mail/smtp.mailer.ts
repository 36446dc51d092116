import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, TMail } from './mailer';

/** Slow or dead mail servers fail the request in seconds, not minutes (SPEC 8: 1002). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Mail over SMTP (DESIGN 2): `smtp://` or `smtps://`, credentials in the URL. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({ url, ...TIMEOUTS });
  }

  async send(mail: TMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
