import { Injectable } from '@nestjs/common';

/** The events orders consume (subscribed through the kit's `EventConsumers` at bootstrap); none yet. */
@Injectable()
export class OrdersEvents {}
