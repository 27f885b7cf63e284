"""The editions of the profile text, as the reference reads them: the one `Edition` model of
the kit (oasis_si_schemas.editions, which reads and resolves vectors/editions.yaml), named
here so that the reference's rules take their parameters (e.g. the clause 2.2 co-occurrence
radius) from the `Edition` value they are given. The model lives beside the schemas, not in
the reference, so that the generators and every other part of the kit read the same catalog
without depending on the reference."""

from oasis_si_schemas.editions import DEFAULT as DEFAULT
from oasis_si_schemas.editions import EDITIONS as EDITIONS
from oasis_si_schemas.editions import FILE as FILE
from oasis_si_schemas.editions import FIRST_PUBLISHED as FIRST_PUBLISHED
from oasis_si_schemas.editions import PARAMETERS as PARAMETERS
from oasis_si_schemas.editions import CatalogError as CatalogError
from oasis_si_schemas.editions import Edition as Edition
from oasis_si_schemas.editions import bundled_catalog as bundled_catalog
from oasis_si_schemas.editions import by_name as by_name
from oasis_si_schemas.editions import edition_named as edition_named
from oasis_si_schemas.editions import full_name as full_name
from oasis_si_schemas.editions import read as read
from oasis_si_schemas.editions import resolve as resolve
from oasis_si_schemas.editions import resolve_one as resolve_one
