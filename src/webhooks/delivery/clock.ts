/** Time as the dispatcher sees it: injectable, so the retry schedule can be tested without waiting. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
