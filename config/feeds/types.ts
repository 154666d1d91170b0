import type { StateCode } from '../../model/index.js';

export interface FeedDefinition {
  /** Catalogue key, unique: `<state>-<agency>-<feed>`. */
  key: string;
  state: StateCode;
  /** Agency code used in incident ids. */
  agency: string;
  agencyName: string;
  /** Agencies other than the feed's own whose incidents it carries: agency code → public name. */
  carriedAgencies?: Readonly<Record<string, string>>;
  /** Short name of the feed within its agency (the third part of the workflow id). */
  feed: string;
  name: string;
  /** The official upstream address. */
  url: string;
  /** Upstream document format: the key of its parser in sources/ (`<state>-<agency>-<what>-<syntax>`). */
  format: string;
  pollIntervalSeconds: number;
  licence: string;
  licenceUrl?: string;
  /** Attribution text, present only where the agency asks for one. */
  attribution?: string;
  /** False for community-decoded or unverified feeds. */
  official: boolean;
  homepage: string;
}
