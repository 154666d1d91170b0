/** One stored version of an incident: the warehouse writes one per change, retraction included. */
export interface IncidentVersion {
  version: number;
  /** When the service recorded it (epoch milliseconds): the `sent` of its CAP message. */
  validFrom: number;
  retracted: boolean;
}
